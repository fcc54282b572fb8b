/** How many buyers booked a car: booking reserves nothing, the first to pay gets it (the car and booking pages say so). */
export function BookedBy({ count }: { count: number }) {
  return (
    <p className="text-sm text-slate-700">
      {count === 0 ? "Nobody has booked this car yet." : `${count === 1 ? "1 buyer has" : `${count} buyers have`} booked this car.`} Booking
      reserves nothing: the first buyer to pay gets the car.
    </p>
  );
}
