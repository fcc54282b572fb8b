import { Form } from "react-router";
import { DISPUTE_REASON_LABELS, DISPUTE_REASONS } from "~/lib/schemas/deals";
import { Button, ButtonLink } from "../ui/button";
import { inputClass } from "../ui/field";

/** "Report a problem" with a paid order: what went wrong and a note; the money stops until an admin decides. */
export function DisputeForm({ bookingId, carName }: { bookingId: string; carName: string }) {
  return (
    <section aria-labelledby="dispute-title" className="mb-6 rounded-card border-2 border-amber-400 bg-warning-50 p-6">
      <h2 id="dispute-title" className="text-heading">
        Report a problem with {carName}
      </h2>
      <p className="mt-1">The money stays held until an admin has looked at it with you and the seller.</p>
      <Form method="post" className="mt-4 flex flex-col gap-3">
        <input type="hidden" name="id" value={bookingId} />
        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium">What went wrong?</legend>
          {DISPUTE_REASONS.map((reason, index) => (
            <label key={reason} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="reason" value={reason} required defaultChecked={index === 0} />
              {DISPUTE_REASON_LABELS[reason]}
            </label>
          ))}
        </fieldset>
        <label htmlFor="dispute-note" className="font-medium">
          What happened (optional)
        </label>
        <textarea id="dispute-note" name="note" maxLength={1000} rows={3} className={inputClass} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="dispute" variant="danger">
            Report the problem
          </Button>
          <ButtonLink to="." variant="secondary">
            Never mind
          </ButtonLink>
        </div>
      </Form>
    </section>
  );
}
