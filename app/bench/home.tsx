// The render-only copy of Home for the bench: the page itself, rendered from its first answer's data.
import * as page from "~/routes/site/home";
import { fixedLoader } from "./fixed-loader";

export { default, meta } from "~/routes/site/home";
export const loader = fixedLoader(page.loader);
