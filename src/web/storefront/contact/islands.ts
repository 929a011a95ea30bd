import type { IslandRegistry } from "../../public-site/island";
import { ContactForm } from "./contact-form";

/** The shop's contact form (helper F): /shop/contact and the contact_form section. */
export const contactIslands: IslandRegistry = { ContactForm };
