// The render-only copy of a seller's page for the bench: the page itself, rendered from its first answer's data.
import * as page from "~/routes/catalog/seller";
import { fixedLoader } from "./fixed-loader";

export { default, meta } from "~/routes/catalog/seller";
export const loader = fixedLoader(page.loader);
