import type { IslandRegistry } from "../../public-site/island";
import { HeroCarousel } from "./hero-carousel";
import { NewsletterForm } from "./newsletter-form";
import { RevealObserver } from "./reveal";

/** Interactive parts of the page sections: the hero carousel, the section reveal and the newsletter form (helper B). */
export const sectionIslands: IslandRegistry = { HeroCarousel, RevealObserver, NewsletterForm };
