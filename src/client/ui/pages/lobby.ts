/** The lobby (`/lobby`): open tables and games to watch. */
import { mountLobby } from "../lobby-page.ts";
import { boot } from "./boot.ts";

boot(mountLobby);
