import { type CarForActions } from "~/lib/catalog/car-card-data";
import BookingDialog from "../deals/booking-dialog";
import ReportDialog from "../admin/report-dialog";

/**
 * Book Now's or Report's dialog. One module for both, so a card carries one lazy import (and one
 * list of what it preloads) in every page's bundle rather than two.
 */
export default function CarActionDialog({ kind, car, onClose }: { kind: "book" | "report"; car: CarForActions; onClose: () => void }) {
  const Dialog = kind === "book" ? BookingDialog : ReportDialog;
  return <Dialog car={car} onClose={onClose} />;
}
