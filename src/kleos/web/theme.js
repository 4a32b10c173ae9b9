// The light or dark theme: the system's, until the header's button chooses one (remembered by
// this browser), on every page of the client and on the rules pages.

/** Apply the theme chosen (or the system's) and let the header's button switch it. */
export function setupTheme() {
  const button = document.getElementById("theme");
  const stored = localStorage.getItem("kleos.theme");
  const prefersDark = window.matchMedia?.("(prefers-color-scheme: dark)").matches;
  const apply = (/** @type {string} */ theme) => {
    document.documentElement.dataset.theme = theme;
    const dark = theme === "dark";
    if (!button) return;
    button.textContent = dark ? "Light" : "Dark";
    button.setAttribute("aria-label", dark ? "Light theme" : "Dark theme");
    button.setAttribute("aria-pressed", String(dark));
  };
  apply(stored ?? (prefersDark ? "dark" : "light"));
  button?.addEventListener("click", () => {
    const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
    localStorage.setItem("kleos.theme", next);
    apply(next);
  });
}
