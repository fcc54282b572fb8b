import { getFormProps } from "@conform-to/react";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { signInToBook } from "~/lib/accounts/redirects";
import { bookingSchema } from "~/lib/schemas/deals";
import { type CarForActions } from "~/lib/catalog/car-card-data";
import { useOptionalUser } from "~/lib/site/use-user";
import { useSchemaForm } from "~/lib/shared/use-schema-form";
import { BookingFields } from "./booking-fields";
import { FormDialog } from "../ui/form-dialog";

/** Book Now's modal form; a refusal keeps it open with its message. */
export default function BookingDialog({ car, onClose }: { car: CarForActions; onClose: () => void }) {
  const user = useOptionalUser();
  const [form, fields] = useSchemaForm(bookingSchema, { id: `booking-${car._id}` });
  return (
    <FormDialog
      title={car.productName}
      action={pathTo(PATHS.book, { id: car._id })}
      formProps={getFormProps(form)}
      submitLabel="Submit"
      signedIn={user !== null}
      signInPrompt="Please Signin to book it."
      signInHref={signInToBook(car._id)}
      onClose={onClose}
    >
      <input type="hidden" name="product_id" value={car._id} />
      {user && <BookingFields car={car} user={user} fields={fields} />}
    </FormDialog>
  );
}
