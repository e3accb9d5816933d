import { describe, expect, it } from "vitest";
import { renderEmail } from "../../../worker/integrations/mail/render-email";

const params = {
  firstName: "Léa",
  link: "https://app.example.test/password-reset/u/1/h",
  days: "7",
  companyLabel: "Maison",
  inviterName: "Ada",
};

describe("the invitation email", () => {
  it("carries the store's own words between its intro and its link, escaped in the HTML, and leaves them out when there are none", () => {
    const withWords = renderEmail({
      to: "lea@example.test",
      locale: "fr",
      template: "invitation",
      params: { ...params, message: "Bienvenue <b>chez nous</b> !\nÀ bientôt." },
    });
    const parts = withWords.text.split("\n\n");
    const at = parts.indexOf("Bienvenue <b>chez nous</b> !\nÀ bientôt.");
    expect(at).toBeGreaterThan(0);
    expect(parts[at + 1]).toBe(params.link);
    expect(withWords.html).toContain("Bienvenue &#60;b&#62;chez nous&#60;/b&#62; !");
    expect(withWords.html).not.toContain("<b>chez nous</b>");
    const without = renderEmail({ to: "lea@example.test", locale: "fr", template: "invitation", params });
    expect(without.text.split("\n\n")).toHaveLength(parts.length - 1);
  });
});
