// The rules page (/rules/GAME, written by the server): only the theme, as chosen on the other pages.
const button = document.getElementById("theme");
const stored = localStorage.getItem("kleos.theme");
const prefersDark = window.matchMedia?.("(prefers-color-scheme: dark)").matches;

function apply(/** @type {string} */ theme) {
  document.documentElement.dataset.theme = theme;
  const dark = theme === "dark";
  if (!button) return;
  button.textContent = dark ? "Light" : "Dark";
  button.setAttribute("aria-label", dark ? "Light theme" : "Dark theme");
  button.setAttribute("aria-pressed", String(dark));
}

apply(stored ?? (prefersDark ? "dark" : "light"));
button?.addEventListener("click", () => {
  const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
  localStorage.setItem("kleos.theme", next);
  apply(next);
});
