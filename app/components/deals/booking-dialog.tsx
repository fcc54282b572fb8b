import { getFormProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { type ActionResult } from "~/lib/shared/action-result";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { signInToBook } from "~/lib/accounts/redirects";
import { bookingSchema } from "~/lib/schemas/deals";
import { type ActionProduct } from "~/lib/catalog/card-product";
import { useOptionalUser } from "~/lib/site/use-user";
import { useSchemaForm } from "~/lib/shared/use-schema-form";
import { BookingFields } from "./booking-fields";
import { FormDialog } from "../ui/form-dialog";

/** Book Now's modal form; a refusal keeps it open with its message. */
export default function BookingDialog({ product, onClose }: { product: ActionProduct; onClose: () => void }) {
  const user = useOptionalUser();
  const fetcher = useFetcher<ActionResult>();
  const [form, fields] = useSchemaForm(bookingSchema, { id: `booking-${product._id}` });
  return (
    <FormDialog
      title={product.productName}
      action={pathTo(PATHS.book, { id: product._id })}
      formProps={getFormProps(form)}
      fetcher={fetcher}
      submitLabel="Submit"
      signInPrompt="Please Signin to book it."
      signInHref={signInToBook(product._id)}
      onClose={onClose}
    >
      <input type="hidden" name="product_id" value={product._id} />
      {user && <BookingFields product={product} user={user} fields={fields} />}
    </FormDialog>
  );
}
