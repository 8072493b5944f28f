// Users as GET /api/v1/users/me/ answers them, and the msw handler that answers.
import { http, HttpResponse } from 'msw';
import type { User } from '../../common/wireTypes.ts';

export const disciple: User = {
  id: 7,
  email: 'olga@example.com',
  firstName: 'Ольга',
  lastName: 'Петрова',
  yearOfBirth: 1990,
  disciple: 3,
  author: null,
};

export const author: User = {
  id: 1,
  email: 'anna@example.com',
  firstName: 'Анна',
  lastName: 'Мельникова',
  yearOfBirth: null,
  disciple: null,
  author: 1,
};

export const meHandler = (user: User) => http.get('*/api/v1/users/me/', () => HttpResponse.json(user));
