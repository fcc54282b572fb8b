import * as v from "valibot";

// The query of GET /visitor-parts (workers/personal-page-data.ts): what a page rendered once for
// every signed-in visitor asks for its visitor's personal data (app/lib/site/personal-page-data.tsx).

/** The most cars one page shows (a search page's largest page, Home's advertised cars, a car and its similar ones). */
export const MOST_CARS_ON_A_PAGE = 100;

const CAR_ID = /^[A-Za-z0-9-]{1,64}$/;

export const personalPageQuerySchema = v.object({
  cars: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) => (list === "" ? [] : list.split(","))),
      v.maxLength(MOST_CARS_ON_A_PAGE, `Ask for at most ${MOST_CARS_ON_A_PAGE} cars`),
      v.check((ids) => ids.every((id) => CAR_ID.test(id)), "Car ids are letters, digits and dashes, separated by commas"),
    ),
    "",
  ),
  car: v.optional(v.pipe(v.string(), v.regex(CAR_ID, "A car id is letters, digits and dashes"))),
  recent: v.optional(
    v.pipe(
      v.picklist(["1"], "recent is 1 or left out"),
      v.transform(() => true),
    ),
  ),
});
