// Stylelint for the site's own stylesheets (`make lint`): the recommended rules, which catch mistakes (unknown or
// deprecated properties, invalid values, a selector written twice), not a house style.
export default {
  extends: ["stylelint-config-recommended"],
  rules: {
    // It compares selectors by source order across unrelated components and themes (a button's :hover before
    // its :disabled, a contrast theme after a tint); the stylesheets order rules by topic, and the browser
    // tests check what the cascade gives.
    "no-descending-specificity": null,
  },
};
