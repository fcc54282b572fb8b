/**
 * What the viewer of a page of cars may do and has done with them (from the page's loader), so each
 * card offers only what is possible: Book Now to buyers and to visitors (who are asked to sign in),
 * never to sellers and admins; "Booked" and "Reported" once done.
 */
export interface ViewerCarActions {
  mayBook: boolean;
  favouriteIds: string[];
  bookedIds: string[];
  /** The viewer's unpaid bookings by car: what they pay for next. */
  unpaidBookings: Record<string, string>;
  reportedIds: string[];
}

/** A car's card actions as the viewer sees them. */
export interface CarActionsState {
  mayBook: boolean;
  booked: boolean;
  /** The viewer's unpaid booking of the car, to pay for (null when none, or paid). */
  payBookingId: string | null;
  reported: boolean;
}

export function actionsFor(carActions: ViewerCarActions, carId: string): CarActionsState {
  return {
    mayBook: carActions.mayBook,
    booked: carActions.bookedIds.includes(carId),
    payBookingId: carActions.unpaidBookings[carId] ?? null,
    reported: carActions.reportedIds.includes(carId),
  };
}
