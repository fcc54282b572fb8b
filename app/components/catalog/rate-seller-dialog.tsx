import { getFormProps } from "@conform-to/react";
import { PATHS } from "~/lib/shared/paths";
import { rateSellerFormSchema } from "~/lib/schemas/catalog";
import { useSchemaForm } from "~/lib/shared/use-schema-form";
import { useSignInHereUrl } from "~/lib/accounts/use-sign-in-here";
import { useOptionalUser } from "~/lib/site/use-user";
import { RateSellerFields } from "./rate-seller-fields";
import { FormDialog } from "../ui/form-dialog";

/** "Rate the seller" over My Orders; a refusal keeps it open with its message. */
export default function RateSellerDialog({ bookingId, carName, onClose }: { bookingId: string; carName: string; onClose: () => void }) {
  const signedIn = useOptionalUser() !== null;
  const signInHref = useSignInHereUrl();
  const [form, fields] = useSchemaForm(rateSellerFormSchema, { id: `rate-${bookingId}` });
  return (
    <FormDialog
      title="Rate the seller"
      action={PATHS.myOrders}
      formProps={getFormProps(form)}
      submitLabel="Send rating"
      signedIn={signedIn}
      signInPrompt="Please sign in to rate the seller."
      signInHref={signInHref}
      onClose={onClose}
    >
      <RateSellerFields bookingId={bookingId} carName={carName} fields={fields} />
    </FormDialog>
  );
}
