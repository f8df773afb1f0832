// The page's language, decided before the first paint of the loading screen, and the
// page's address read once: a small synchronous classic script in <head> (docs/i18n.md).
// It sets <html lang dir> and hands the loading screen's scripts their words and what the
// address asks of them (`self.eightoffLoader`). Python decides the language the same way
// later (eightoff/web/links/startup.py, choose_language): the address's ?lang=xx (one of ours, or
// the pseudo-language, as a plain language tag), else the language chosen in the settings
// (the saved record of eightoff/web/storage/store.py), else the best match of the browser's
// languages, else English. The facts both sides share (languages, keys, parameters) come
// from eightoff/web/facts.py, written in by the build. It also sets <html data-theme> from
// the saved settings, so a later visit paints the loading screen in the chosen colours.
"use strict";
(() => {
  // The loading screen's words by language and English msgid (context "loader").
  const STRINGS = {};  // written by tools/build.py
  // eightoff/web/facts.py, for_javascript().
  const FACTS = {};  // written by tools/build.py
  const { languages: LANGUAGES, rightToLeft: RIGHT_TO_LEFT, pseudo: PSEUDO } = FACTS;
  const withPseudo = [...LANGUAGES, PSEUDO];

  // The address's parameters the page's scripts read (facts.PARAMETERS): the first of each.
  const address = {};
  for (const [name, value] of new URLSearchParams(location.search)) {
    if (Object.hasOwn(FACTS.parameters, name) && !Object.hasOwn(address, name)) address[name] = value;
  }
  // ?boot_timeout=N (tests): whole seconds within the bounds, anything else the default.
  const { least, most, default: usual } = FACTS.bootTimeout;
  const asked = /^[0-9]{1,4}$/.test(address.boot_timeout || "") ? Number(address.boot_timeout) : usual;
  const bootSeconds = asked >= least && asked <= most ? asked : usual;

  const base = (tag) => String(tag || "").trim().split("-")[0].toLowerCase();
  const best = (tags, offered) => tags.map(base).find((lang) => offered.includes(lang)) || "en";
  // The settings of the saved record (eightoff/web/storage/store.py), read once.
  const settings = (() => {
    try {
      return JSON.parse(localStorage.getItem(FACTS.recordKey) || "null")?.settings || {};
    } catch {
      return {}; // no storage, or a record Python will set aside: not ours to judge here
    }
  })();
  const chosen = () => (LANGUAGES.includes(settings.language) ? settings.language : "");
  // ?lang= counts only as a whole language tag whose base language we speak (address.py).
  const tag = address.lang || "";
  const wanted = new RegExp(`^(?:${FACTS.languageTag})$`).test(tag) && withPseudo.includes(base(tag));
  const lang = wanted
    ? best([tag], withPseudo)
    : chosen() || best([...(navigator.languages || [navigator.language])], LANGUAGES);

  const root = document.documentElement;
  root.lang = lang;
  root.dir = RIGHT_TO_LEFT.includes(lang) ? "rtl" : "ltr";
  // The page's description and the installed app's manifest in that language: the markup
  // holds the English description (the x-default) and the other languages' ones
  // (tools/sitebuild/head.py); the build writes manifest.<lang>.webmanifest for each
  // (tools/sitebuild/manifest.py). The manifest is linked here, once: Chromium reads a
  // manifest link as soon as it is parsed and keeps what it read, so the markup links none
  // (but in its <noscript>). The pseudo-language keeps the English ones.
  const translated = LANGUAGES.includes(lang) && lang !== LANGUAGES[0];
  if (translated) {
    const description = document.querySelector('meta[name="description"]');
    const own = document.querySelector(`meta[name="eightoff-description"][lang="${lang}"]`);
    if (description && own) description.content = own.content;
  }
  const manifest = document.createElement("link");
  manifest.rel = "manifest";
  manifest.href = translated ? `manifest.${lang}.webmanifest` : "manifest.webmanifest";
  document.head.append(manifest);
  self.eightoffLoader = {
    lang,
    strings: STRINGS[lang] || {},
    facts: FACTS,
    bootSeconds,
    serviceWorker: !Object.hasOwn(address, "no_sw"),
    snapshot: !Object.hasOwn(address, "no_snapshot"),
    // ?first_visit=snapshot|boot (tests, the benchmark): a first visit's path, forced.
    firstVisit: FACTS.firstVisit.includes(address.first_visit) ? address.first_visit : "",
  };

  // The table's colours chosen in the settings, before the first paint too: <html
  // data-theme> is one of the themes (facts.THEMES) but the first, "auto", which leaves the
  // device's prefers-color-scheme.
  const [, ...themes] = FACTS.themes;
  if (themes.includes(settings.theme)) root.dataset.theme = settings.theme;
})();
