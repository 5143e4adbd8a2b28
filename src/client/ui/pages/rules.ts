/** The rules page (`/rules`). */
import { mountRules } from "../rules-page.ts";
import { boot } from "./boot.ts";

boot(mountRules);
