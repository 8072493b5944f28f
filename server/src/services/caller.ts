// Who calls the authors' services: an author, by their account (the user id the history records) and their author
// record (the courses they lead). The authors' area, the manager endpoints, refunds and uploads all act for one.
export interface Caller {
  userId: number;
  authorId: number;
}
