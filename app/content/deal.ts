/** The buyer protection in one sentence, said the same on the car's page, Home's questions and after paying. */
export const BUYER_PROTECTION =
  "Buyer protection: we hold your payment until you confirm you have the car, and you get all of it back if the car is not handed over as described.";
