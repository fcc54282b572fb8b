/** Page titles read '{page} - AR' (spec point 2). */
export function pageTitle(page: string): string {
  return `${page} - AR`;
}

export const PRODUCT_NAME = "Auto Reseller";
