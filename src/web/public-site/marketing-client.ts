import { marketingIslands } from "../marketing/islands";
import { MARKETING_CATALOGS } from "./catalogs";
import { hydrateIslands } from "./hydrate";
import "./site.css";

/** The marketing pages' only script: hydrates their interactive parts. */
hydrateIslands(marketingIslands, MARKETING_CATALOGS);
