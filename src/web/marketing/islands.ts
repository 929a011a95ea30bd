import type { IslandRegistry } from "../public-site/island";
import { DemoModal } from "./components/demo-modal";
import { Faq } from "./components/faq";
import { HeaderNav } from "./components/header-nav";
import { ScreenshotTabs } from "./components/screenshot-tabs";
import { Testimonials } from "./components/testimonials";

/** The marketing pages' interactive parts (mobile menu, testimonials, FAQ, demo modal, screenshot tabs). */
export const marketingIslands: IslandRegistry = { HeaderNav, Testimonials, Faq, DemoModal, ScreenshotTabs };
