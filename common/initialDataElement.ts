// Where the first HTML carries its initial data: the server writes this element, the site reads it.
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';
