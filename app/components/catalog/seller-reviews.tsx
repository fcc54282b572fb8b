import { Form } from "react-router";
import { formatDate } from "~/lib/shared/format";
import { REVIEW_TEXT_LIMIT, REVIEW_TEXT_MAX, type SellerReview } from "~/lib/catalog/reviews";
import { type PagedList } from "~/lib/schemas/types";
import { Stars } from "./stars";
import { Button, ButtonLink } from "../ui/button";
import { ConfirmPanel } from "../ui/confirm-panel";
import { SimplePager } from "../ui/simple-pager";

/** What the viewer may do with the reviews: the seller answers, admins remove (after `?confirm=`). */
export interface ReviewActions {
  mayAnswer: boolean;
  mayRemove: boolean;
  /** The review whose removal awaits confirmation. */
  confirm: string | null;
  /** A refused answer or removal: which review, and why. */
  refusal: { reviewId: string; message: string } | null;
  /** A link to this page with these query parameters set (the other list's page kept). */
  linkWith: (changes: Record<string, string | null>) => string;
}

/** A seller's reviews, newest first and paged, each with the seller's answer under it. */
export function SellerReviews({
  sellerName,
  reviews,
  actions,
}: {
  sellerName: string;
  reviews: PagedList<SellerReview>;
  actions: ReviewActions;
}) {
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-12 scroll-mt-4">
      <h2 id="reviews-heading" className="mb-6 text-heading">
        {reviews.total} {reviews.total === 1 ? "review" : "reviews"} from buyers
      </h2>
      {reviews.total === 0 ? (
        <p className="card p-6">No reviews yet. Buyers who paid for one of {sellerName}&apos;s cars can rate them from My Orders.</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {reviews.data.map((review) => (
            <li key={review._id} id={`review-${review._id}`} className="card flex flex-col gap-2 p-5">
              <ReviewItem review={review} sellerName={sellerName} actions={actions} />
            </li>
          ))}
        </ol>
      )}
      <SimplePager
        page={reviews.currentPage}
        totalPages={reviews.totalPages}
        label="Pages of reviews"
        href={(page) => `${actions.linkWith({ reviews: String(page), confirm: null })}#reviews`}
      />
    </section>
  );
}

function ReviewItem({ review, sellerName, actions }: { review: SellerReview; sellerName: string; actions: ReviewActions }) {
  const refusal = actions.refusal?.reviewId === review._id ? actions.refusal.message : null;
  return (
    <>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <span className="font-semibold break-words">{review.buyerName}</span>
        <span className="text-caption text-slate-600">
          bought <span className="break-words">{review.productName}</span> ·{" "}
          <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        </span>
      </p>
      {review.text && <p className="whitespace-pre-line break-words">{review.text}</p>}
      {review.answer && (
        <div className="mt-1 border-l-4 border-slate-200 pl-4">
          <p className="text-caption font-semibold">{`Answer from ${sellerName}`}</p>
          <p className="whitespace-pre-line break-words">{review.answer}</p>
        </div>
      )}
      {refusal && (
        <p role="alert" className="font-medium text-red-700">
          {refusal}
        </p>
      )}
      {actions.mayAnswer && !review.answer && <AnswerForm review={review} />}
      {actions.mayRemove &&
        (actions.confirm === review._id ? (
          <ConfirmPanel
            intent="remove"
            id={review._id}
            confirmLabel={`Yes, remove ${review.buyerName}'s review`}
            cancelTo={`${actions.linkWith({ confirm: null })}#review-${review._id}`}
            cancelLabel="Keep the review"
          />
        ) : (
          <ButtonLink
            to={`${actions.linkWith({ confirm: review._id })}#review-${review._id}`}
            preventScrollReset
            variant="danger"
            size="sm"
            className="self-start"
            aria-label={`Remove ${review.buyerName}'s review`}
          >
            Remove
          </ButtonLink>
        ))}
    </>
  );
}

/** The seller's one answer to a review: a plain form post, so it works without JavaScript. */
function AnswerForm({ review }: { review: SellerReview }) {
  const fieldId = `answer-${review._id}`;
  return (
    <Form method="post" preventScrollReset className="mt-1 flex flex-col gap-2">
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="id" value={review._id} />
      <label htmlFor={fieldId} className="font-medium">
        Answer {review.buyerName} (once, at most {REVIEW_TEXT_LIMIT})
      </label>
      <textarea
        id={fieldId}
        name="text"
        required
        maxLength={REVIEW_TEXT_MAX}
        rows={3}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600"
      />
      <Button type="submit" variant="secondary" size="sm" className="self-start">
        Post answer
      </Button>
    </Form>
  );
}
