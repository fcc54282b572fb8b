/** Page titles read '{page} - AR' (spec point 2). */
export function pageTitle(page: string): string {
  return `${page} - AR`;
}

export const SITE_NAME = "Auto Reseller";

/** Meta tags for pages that belong to one user (dashboards, one-time links): kept out of search engines. */
export function privatePageMeta(page: string, description = `${page} on Auto Reseller, the used-car marketplace.`) {
  return [{ title: pageTitle(page) }, { name: "description", content: description }, { name: "robots", content: "noindex" }];
}
