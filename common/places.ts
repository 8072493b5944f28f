// How many places a lesson has left: the one rule every count of free places is written with, on the server (joining,
// holds, the end of a payment, approvals, the waiting lists, the course forms) and in the authors' area.
//
// A course's `participantsLimit` is the number of places on each lesson; 0 means no places at all (nobody can join or
// pay, everyone who joins waits), not «no limit».

/** The places left on a lesson with `taken` of them taken; never below zero. */
export const placesLeft = (taken: number, participantsLimit: number): number => Math.max(0, participantsLimit - taken);

/** A place is free on the lesson. */
export const hasFreePlace = (taken: number, participantsLimit: number): boolean => placesLeft(taken, participantsLimit) > 0;

/** No place is left on the lesson. */
export const isFull = (taken: number, participantsLimit: number): boolean => !hasFreePlace(taken, participantsLimit);
