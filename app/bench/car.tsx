// The render-only copy of a car's page for the bench: the page itself, rendered from its first answer's data.
import * as page from "~/routes/catalog/car";
import { fixedLoader } from "./fixed-loader";

export { default, meta } from "~/routes/catalog/car";
export const loader = fixedLoader(page.loader);
