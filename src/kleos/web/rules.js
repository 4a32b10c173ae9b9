// The rules page (/rules/GAME, written by the server): only the theme, as chosen on the other pages.
import { setupTheme } from "./theme.js";

setupTheme();
