import { Form, Link, useActionData } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, failedAction } from "~/.server/web/page-errors";
import { listFavourites, removeFavourite } from "~/.server/services/search/favourites";
import { ResultBanner } from "~/components/ui/result-banner";
import { MAX_COMPARED } from "~/lib/catalog/compare";
import { formatPrice } from "~/lib/shared/format";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { rowActionSchema } from "~/lib/schemas/rows";
import { type Route } from "./+types/favourites";

export const meta: Route.MetaFunction = () => privatePageMeta("Favourites");

const actionSchema = rowActionSchema(["remove"] as const);

/** The cars the user saved with the heart, most recently saved first; sold ones stay, marked. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(context.app, request, "save:favourite");
  return { cars: await listFavourites(context.app, user) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(context.app, request, "save:favourite");
  const submission = parseForm(await readFormBody(request), actionSchema);
  if (submission.status !== "success") return failedAction();
  const { id } = submission.value;
  return actionResult(async () => {
    await removeFavourite(context.app, user, id);
    return { ok: true, message: "Removed from your favourites." };
  });
}

export default function Favourites({ loaderData }: Route.ComponentProps) {
  const { cars } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <main id="main">
      <h1 className="mb-6 text-3xl font-bold">Favourites</h1>
      <ResultBanner result={result} />
      {cars.length === 0 ? (
        <p>
          You have not saved any cars yet. Press the heart on a car to keep it here.{" "}
          <Link to={PATHS.search} className="font-semibold text-brand-700 underline">
            Browse cars
          </Link>
        </p>
      ) : (
        <>
          {/* Compare: tick up to four and send; a GET form, so it works without JavaScript and the ids land in the URL. */}
          <form id="compare-favourites" method="get" action={PATHS.compare} className="mb-4 flex flex-wrap items-center gap-3">
            <p className="text-slate-700">Tick up to {MAX_COMPARED} cars to see them side by side.</p>
            <button type="submit" className="btn btn-secondary btn-md">
              Compare ticked cars
            </button>
          </form>
          <ul className="flex flex-col gap-4" aria-label="Saved cars">
            {cars.map((car) => (
              <li key={car._id} className="flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4">
                <img
                  src={car.photos[0]?.smallUrl ?? car.image}
                  alt=""
                  width={120}
                  height={75}
                  className="h-[75px] w-[120px] rounded-lg object-cover"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <Link
                    to={pathTo(PATHS.car, { id: car._id })}
                    className="break-words text-lg font-bold text-brand-700 underline-offset-2 hover:underline"
                  >
                    {car.productName}
                  </Link>
                  <p className="flex flex-wrap items-center gap-2 text-slate-700">
                    <span>{formatPrice(car.resalePrice)}</span>
                    <span>{car.location}</span>
                    {car.isPaid && (
                      <span className="rounded-full bg-slate-800 px-2 py-0.5 text-sm font-bold uppercase text-white">Sold</span>
                    )}
                  </p>
                </div>
                <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
                  <input type="checkbox" name="ids" value={car._id} form="compare-favourites" className="h-5 w-5" />
                  <span>
                    Compare<span className="sr-only"> {car.productName}</span>
                  </span>
                </label>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={car._id} />
                  <button
                    type="submit"
                    aria-label={`Remove ${car.productName} from favourites`}
                    className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold hover:bg-slate-50"
                  >
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
