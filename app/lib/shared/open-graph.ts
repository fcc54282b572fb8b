/** Open Graph and description tags for a shareable page. */
export function openGraph(page: { title: string; description: string; url: string; image?: string }) {
  return [
    { name: "description", content: page.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Auto Reseller" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: page.url },
    ...(page.image ? [{ property: "og:image", content: page.image }] : []),
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
  ];
}
