/** The front page (`/`): a table to share, a game against the computer, or quick play with strangers. */
import { mountCreate } from "../create-page.ts";
import { boot } from "./boot.ts";

boot(mountCreate);
