import { Form, Link, useActionData } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/form-body";
import { actionResult, DELETED, failedAction } from "~/.server/page-errors";
import { advertiseProduct, deleteProduct, listSellerProducts } from "~/.server/services/products";
import { ConfirmPanel } from "~/components/ui/confirm-panel";
import { ResultBanner } from "~/components/ui/result-banner";
import { formatPrice } from "~/lib/format";
import { privatePageMeta } from "~/lib/meta";
import { PATHS } from "~/lib/paths";
import { rowActionSchema } from "~/lib/schemas/rows";
import { type Route } from "./+types/my-products";
import { ColumnHeader } from "~/components/ui/column-header";

export const meta: Route.MetaFunction = () => privatePageMeta("My Products");

const actionSchema = rowActionSchema(["advertise", "delete"] as const);

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requirePermission(context.app, request, "read:my-products");
  const products = await listSellerProducts(context.app, seller.email);
  const confirmId = new URL(request.url).searchParams.get("confirm");
  return { products, confirm: products.find((product) => product._id === confirmId && !product.isPaid) ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requirePermission(context.app, request, "read:my-products");
  const submission = parseForm(await readFormBody(request), actionSchema);
  if (submission.status !== "success") return failedAction();
  const { intent, id } = submission.value;
  return actionResult(async () => {
    if (intent === "advertise") {
      await advertiseProduct(context.app, seller, id);
      return { ok: true, title: "Added to the advertisement card successfully", message: "" };
    }
    await deleteProduct(context.app, seller, id);
    return DELETED;
  });
}

export default function MyProducts({ loaderData }: Route.ComponentProps) {
  const { products, confirm } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <main id="main">
      <h1 className="mb-6 text-3xl font-bold">Total Products: {products.length}</h1>
      <ResultBanner result={result} />
      {confirm && <ConfirmPanel intent="delete" id={confirm._id} confirmLabel={`Yes, delete ${confirm.productName}`} cancelTo="." />}
      {products.length === 0 ? (
        <p>
          You have no cars listed yet.{" "}
          <Link to={PATHS.addProduct} className="font-semibold text-brand-700 underline">
            Add a product
          </Link>
        </p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full text-left">
            <caption className="sr-only">Your products</caption>
            <thead className="bg-slate-100">
              <tr>
                <ColumnHeader>#</ColumnHeader>
                <ColumnHeader>Name</ColumnHeader>
                <ColumnHeader>Price</ColumnHeader>
                <ColumnHeader>Status</ColumnHeader>
                <ColumnHeader>Action</ColumnHeader>
                <ColumnHeader>Delete</ColumnHeader>
              </tr>
            </thead>
            <tbody>
              {products.map((product, index) => (
                <tr key={product._id} className="border-t border-slate-200">
                  <td className="px-4 py-3">{index + 1}</td>
                  <th scope="row" className="px-4 py-3 font-semibold">
                    {product.productName}
                  </th>
                  <td className="px-4 py-3">{formatPrice(product.resalePrice)}</td>
                  <td className="px-4 py-3">{product.isPaid ? "Sold" : "Available"}</td>
                  <td className="px-4 py-3">
                    {product.isPaid ? (
                      "No Action need"
                    ) : product.isAdvertised ? (
                      "Advertised"
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="id" value={product._id} />
                        <button
                          type="submit"
                          name="intent"
                          value="advertise"
                          aria-label={`Advertise ${product.productName}`}
                          className="rounded-lg bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-900"
                        >
                          Advertise
                        </button>
                      </Form>
                    )}
                  </td>
                  <td className="px-4 py-3">
                    {product.isPaid ? (
                      <span className="text-slate-500">Sold cars stay for records</span>
                    ) : (
                      <Link
                        to={`?confirm=${product._id}`}
                        preventScrollReset
                        aria-label={`Delete ${product.productName}`}
                        className="rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800"
                      >
                        Delete
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
