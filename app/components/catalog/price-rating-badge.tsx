import { Badge, type Tone } from "~/components/ui/badge";
import { type PriceRating } from "~/lib/catalog/price-rating";

const SHOWN: Record<PriceRating, { label: string; tone: Tone }> = {
  great: { label: "Great price", tone: "success" },
  good: { label: "Good price", tone: "success" },
  fair: { label: "Fair price", tone: "info" },
  high: { label: "High price", tone: "warning" },
};

/** The car's fair-price rating in words (decision record 17); nothing when it is unknown. */
export function PriceRatingBadge({ rating }: { rating: PriceRating | null }) {
  if (!rating) return null;
  const { label, tone } = SHOWN[rating];
  return <Badge tone={tone}>{label}</Badge>;
}
