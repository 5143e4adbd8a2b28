/** My tables (`/tables`): the tables this browser holds a seat at. */
import { mountMyTables } from "../my-tables-page.ts";
import { boot } from "./boot.ts";

boot(mountMyTables);
