import { getFormProps } from "@conform-to/react";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { reportFormSchema } from "~/lib/schemas/admin";
import { type CarForActions } from "~/lib/catalog/car-card-data";
import { useSchemaForm } from "~/lib/shared/use-schema-form";
import { useSignInHereUrl } from "~/lib/accounts/use-sign-in-here";
import { useOptionalUser } from "~/lib/site/use-user";
import { ReportFields } from "./report-fields";
import { FormDialog } from "../ui/form-dialog";

/**
 * "Report this item?": nothing is sent until the user picks a reason and confirms. `/report/<id>`
 * is the same form without JavaScript.
 */
export default function ReportDialog({ car, onClose }: { car: CarForActions; onClose: () => void }) {
  const signedIn = useOptionalUser() !== null;
  const signInHref = useSignInHereUrl();
  const [form, fields] = useSchemaForm(reportFormSchema, { id: `report-${car._id}` });
  return (
    <FormDialog
      title="Report this item?"
      action={pathTo(PATHS.report, { id: car._id })}
      formProps={getFormProps(form)}
      submitLabel="Report this item"
      signedIn={signedIn}
      signInPrompt="Please sign in to report it."
      signInHref={signInHref}
      closeOnRefusal
      onClose={onClose}
    >
      <p>
        Tell our admins that <strong>{car.productName}</strong> looks wrong.
      </p>
      <input type="hidden" name="product_id" value={car._id} />
      <ReportFields fields={fields} />
    </FormDialog>
  );
}
