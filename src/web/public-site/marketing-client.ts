import { MARKETING_CATALOGS } from "../marketing/catalogs";
import { marketingIslands } from "../marketing/islands";
import { hydrateIslands } from "./hydrate";
import "./site.css";

/** The marketing pages' only script: hydrates their interactive parts. */
hydrateIslands(marketingIslands, MARKETING_CATALOGS);
