// Account flows: call the endpoint, report success or failure, then go where spec section 4 says.
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { call, put, select, takeLeading } from 'redux-saga/effects';
import * as api from '../../api/endpoints.ts';
import { asRequestError, type RequestError } from '../../api/requestError.ts';
import { saveTokens } from '../../api/tokens.ts';
import type { ConfirmationResult, SignupPayload, TokenPair } from '../../../common/wireTypes.ts';
import { navigateTo } from '../../app/navigation.ts';
import type { RootState } from '../../app/rootReducer.ts';
import { resourcesInvalidated } from '../../data/cache.ts';
import { forgetSignupEmail, rememberSignupEmail } from '../auth/index.ts';
import {
  discipleUpdateRequest,
  passwordResetCompletionRequest,
  passwordResetRequest,
  passwordUpdateRequest,
  signupConfirmationRequest,
  signupRequest,
} from './slices.ts';

/** What a flow needs of a request family's actions. */
interface FamilyActions {
  request: { type: string };
  success: (payload: never) => UnknownAction;
  failure: (error: RequestError) => UnknownAction;
  reset: () => UnknownAction;
}

interface FlowOptions<P> {
  /** Where the browser goes after success (may depend on what was sent). */
  redirectTo?: string | ((payload: P) => string);
  /** Return the family to idle right after success (the redirect target shows the result). */
  resetAfterSuccess?: boolean;
  afterSuccess?: (payload: P, result: never) => Generator;
  /** Skip the request when this says so (the reducer has already decided whether it started). */
  skip?: (state: RootState) => boolean;
}

/** takeLeading: a request is skipped while the previous one is loading. */
function requestFlow<P, R>(family: { actions: FamilyActions }, endpoint: (payload: P) => Promise<R>, options: FlowOptions<P> = {}) {
  return takeLeading(family.actions.request.type, function* (action: PayloadAction<P>) {
    if (options.skip) {
      const skipped: boolean = yield select(options.skip);
      if (skipped) return;
    }
    try {
      const result: R = yield call(endpoint, action.payload);
      yield put((family.actions.success as (payload: R) => UnknownAction)(result));
      if (options.afterSuccess) yield* options.afterSuccess(action.payload, result as never);
      const target = typeof options.redirectTo === 'function' ? options.redirectTo(action.payload) : options.redirectTo;
      if (target) yield call(navigateTo, target);
      if (options.resetAfterSuccess) yield put(family.actions.reset());
    } catch (error) {
      yield put(family.actions.failure(asRequestError(error)));
    }
  });
}

export const SIGNUP_SENT_ROUTE = '/user/signup-email-sent';
export const RESET_INSTRUCTIONS_ROUTE = '/user/reset-password/instructions';
export const RESET_SUCCESS_ROUTE = '/user/reset-password/success';
export const PROFILE_ROUTE = '/account/profile';
/** The profile after a new e-mail address was requested: it says the address changes from the letter sent to it. */
export const EMAIL_CHANGE_REQUESTED_ROUTE = `${PROFILE_ROUTE}?email-change=requested`;

export function* accountSaga() {
  yield requestFlow(signupRequest, api.signup, {
    redirectTo: SIGNUP_SENT_ROUTE,
    afterSuccess: function* (payload: SignupPayload) {
      yield call(rememberSignupEmail, payload.email);
    },
  });
  yield requestFlow(signupConfirmationRequest, api.confirmRegistration, {
    // the reducer ignores a repeated request, so only the first one finds the flow loading
    skip: (state) => state.signupConfirmation.status !== 'loading',
    // In the browser that signed up the confirmation logs in: the login page's guard then sends the person back.
    afterSuccess: function* (_payload, result: ConfirmationResult) {
      yield call(forgetSignupEmail);
      if (result.access && result.refresh) yield call(saveTokens, { access: result.access, refresh: result.refresh });
    },
  });
  yield requestFlow(passwordResetRequest, api.resetPassword, { redirectTo: RESET_INSTRUCTIONS_ROUTE });
  yield requestFlow(passwordResetCompletionRequest, api.completePasswordReset, { redirectTo: RESET_SUCCESS_ROUTE });
  yield requestFlow(passwordUpdateRequest, api.updatePassword, {
    redirectTo: PROFILE_ROUTE,
    resetAfterSuccess: true,
    // A password change ends every earlier session; the server answers new tokens for this one.
    afterSuccess: function* (_payload, result: Partial<TokenPair>) {
      if (result.access && result.refresh) {
        // The session follows the token store, so storing them is all it takes.
        yield call(saveTokens, { access: result.access, refresh: result.refresh });
      }
    },
  });
  yield requestFlow(discipleUpdateRequest, ({ id, patch }: { id: number; patch: Parameters<typeof api.updateDisciple>[1] }) => api.updateDisciple(id, patch), {
    // The editor sends the current password only with a new address.
    redirectTo: ({ patch }) => (patch.currentPassword === undefined ? PROFILE_ROUTE : EMAIL_CHANGE_REQUESTED_ROUTE),
    resetAfterSuccess: true,
    afterSuccess: function* () {
      yield put(resourcesInvalidated(['disciple', 'me']));
    },
  });
}
