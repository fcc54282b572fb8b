// The framework floor of a category page: the page itself, rendered from its first answer's data.
import * as page from "~/routes/search/category";
import { fixedLoader } from "./fixed-loader";

export { default, meta } from "~/routes/search/category";
export const loader = fixedLoader(page.loader);
