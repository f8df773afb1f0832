// The page's language, decided before the first paint of the loading screen: a small
// synchronous classic script in <head> (docs/i18n.md). It sets <html lang dir> and hands
// the loading screen's script its words; Python decides the same way later
// (eightoff/web/startup.py, choose_language): the address's ?lang=xx (one of ours, or the
// pseudo-language qps), else the language chosen in the settings (the saved record of
// eightoff/web/persist.py), else the best match of the browser's languages, else English.
"use strict";
(() => {
  // The loading screen's words by language and English msgid (context "loader").
  const STRINGS = {};  // written by tools/build.py
  const PSEUDO = "qps";
  const LANGUAGES = ["en", ...Object.keys(STRINGS).filter((lang) => lang !== PSEUDO)];
  const RIGHT_TO_LEFT = ["he"];
  const RECORD_KEY = "eightoff:v1:state"; // persist.KEY

  const base = (tag) => String(tag || "").trim().split("-")[0].toLowerCase();
  const best = (tags, offered) => tags.map(base).find((lang) => offered.includes(lang)) || "en";
  const chosen = () => {
    try {
      const language = JSON.parse(localStorage.getItem(RECORD_KEY) || "null")?.settings?.language;
      return LANGUAGES.includes(language) ? language : "";
    } catch {
      return ""; // no storage, or a record Python will set aside: not ours to judge here
    }
  };
  const withPseudo = [...LANGUAGES, PSEUDO];
  const asked = new URLSearchParams(location.search).getAll("lang").slice(0, 1)
    .filter((tag) => withPseudo.includes(base(tag)));
  const lang = asked.length
    ? best(asked, withPseudo)
    : chosen() || best([...(navigator.languages || [navigator.language])], LANGUAGES);

  const root = document.documentElement;
  root.lang = lang;
  root.dir = RIGHT_TO_LEFT.includes(lang) ? "rtl" : "ltr";
  self.eightoffLoader = { lang, strings: STRINGS[lang] || {} };

  // The table's colours chosen in the settings, before the first paint too: <html
  // data-theme> is "light" or "dark"; absent ("auto"), the device's prefers-color-scheme.
  try {
    const theme = JSON.parse(localStorage.getItem(RECORD_KEY) || "null")?.settings?.theme;
    if (theme === "light" || theme === "dark") root.dataset.theme = theme;
  } catch {
    // no storage, or a record Python will set aside: the device's colours
  }
})();
