// ESLint for the site's own scripts (`make lint`): plain browser scripts, each an IIFE in "use strict", no
// modules and no build step, so the parser reads them as scripts, as the browser does.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["docs/javascripts/**/*.js"],
    languageOptions: {
      sourceType: "script",
      // document$ is Material's page observable (instant navigation), read where a script waits for a page
      globals: { ...globals.browser, document$: "readonly" },
    },
    rules: {
      // A name declared again in an inner function hides the outer one from the rest of that function, and a
      // local named after the page's own objects (`var window` in slides.js once) hides the real one.
      "no-shadow": ["error", { allow: ["_"] }], // _ names an argument a callback does not read
      "no-restricted-syntax": ["error", {
        selector: "VariableDeclarator > Identifier.id[name=/^(window|document|location|navigator|self)$/]",
        message: "a local named after a browser global hides it: choose a name that says what it holds",
      }],
      "no-implicit-globals": "error",
    },
  },
  {
    files: ["overrides/**/*.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.worker } },
    rules: { "no-shadow": "error" },
  },
];
