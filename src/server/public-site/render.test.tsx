import { describe, expect, it } from "vitest";
import { useSiteT } from "../../web/public-site/i18n";
import { Island } from "../../web/public-site/island";
import { renderPublicPage } from "./render";

function Greeting({ who }: { who: string }) {
  const { t } = useSiteT();
  return <p>{t("demo:hello", { who })}</p>;
}

const catalogs = { es: { demo: { hello: "Hola, {{who}}" } }, en: { demo: { hello: "Hello, {{who}}" } } };

describe("renderPublicPage", () => {
  it("writes the head's tags escaped, the JSON-LD unbreakable and the islands with their props", () => {
    const html = renderPublicPage(
      {
        lang: "en",
        title: 'Café "Río" <b>',
        description: "Desc & more",
        canonical: "http://demo.localhost:3000/shop",
        image: "http://x/y.png",
        jsonLd: [{ "@type": "Product", name: "</script><script>alert(1)</script>" }],
        body: <Island name="Greeting" component={Greeting} props={{ who: "Ana" }} />,
      },
      { script: "/assets/shop.js", styles: ["/assets/site.css"], preloads: ["/assets/site.js"] },
      catalogs,
    );
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Café &quot;Río&quot; &lt;b&gt;</title>");
    expect(html).toContain('<meta property="og:image" content="http://x/y.png">');
    expect(html).toContain('<link rel="canonical" href="http://demo.localhost:3000/shop">');
    expect(html).not.toContain("</script><script>alert(1)");
    expect(html).toContain("\\u003c/script\\u003e");
    expect(html).toContain('data-island="Greeting"');
    expect(html).toContain("<p>Hello, Ana</p>");
    expect(html).toContain('<script type="module" src="/assets/shop.js"></script>');
  });
});
