// The render-only copy of a category page for the bench: the page itself, rendered from its first answer's data.
import * as page from "~/routes/search/category";
import { fixedLoader } from "./fixed-loader";

export { default, meta } from "~/routes/search/category";
export const loader = fixedLoader(page.loader);
