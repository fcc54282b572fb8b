// The render-only copy of the search page (/cars) for the bench: the page itself, rendered from its first answer's data.
import * as page from "~/routes/search/search";
import { fixedLoader } from "./fixed-loader";

export { default, meta } from "~/routes/search/search";
export const loader = fixedLoader(page.loader);
