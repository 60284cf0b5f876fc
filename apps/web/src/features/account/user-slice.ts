/**
 * User state (rules: entities.md "User", §4 "User"): signedIn, tfaPassed, profile, profileFetched, plus
 * tfaEnabled and tfaSetupSkipped from `GET /auth/me`, and one error slot per flow: fetching the
 * user, sign-in, two-factor verification and profile update.
 *
 * - `fetchCurrentUser` (`GET /auth/me`) sets profile, signedIn, tfaPassed and profileFetched.
 * - `signIn` and `verifyTfa` fetch the current user after success; their failures keep the raw
 *   error (rules: errors.md "Handling"), so a page can tell unverified, blacklisted and wrong codes apart.
 * - `signOut` resets the whole user state, goes to `/`, then runs the follow-up it was given; a
 *   failed sign-out is only logged and the user stays signed in.
 * - `sessionExpired` (the API client's refresh failed) signs the user out locally.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProfileUpdateInput, PublicUser, SessionState } from '@kedai/contract';
import { errorMessageFor } from '@kedai/domain';
import { owesSecondFactor } from './paths';
import { thunkCreatorFor } from '../../store/thunk';

/** A failed call as kept in the store: the envelope and the status (serialisable, unlike the Error). */
export interface RawApiError {
  errorCode: string;
  error: string;
  params: unknown[];
  /** HTTP status; 0 when the API did not answer, undefined for errors that are not API answers. */
  status?: number;
}

export interface UserState {
  signedIn: boolean;
  tfaPassed: boolean;
  tfaEnabled: boolean;
  tfaSetupSkipped: boolean;
  profile: PublicUser | null;
  /** `GET /auth/me` has answered (or the session is known to be over): signedIn can be trusted. */
  profileFetched: boolean;
  /** `GET /auth/me` is in flight. */
  fetching: boolean;
  /** The latest `GET /auth/me` asked for: only its answer counts (a sign-in asks again mid-flight). */
  fetchRequestId: string | null;
  /** Text of the last failed `GET /auth/me` (rules: errors.md), null after a success. */
  fetchError: string | null;
  /** The raw error of the last failed sign-in. */
  signInError: RawApiError | null;
  /** The raw error of the last failed two-factor verification. */
  tfaVerifyError: RawApiError | null;
  /** Text of the last failed profile update. */
  profileUpdateError: string | null;
}

export const initialUserState: UserState = {
  signedIn: false,
  tfaPassed: false,
  tfaEnabled: false,
  tfaSetupSkipped: false,
  profile: null,
  profileFetched: false,
  fetching: false,
  fetchRequestId: null,
  fetchError: null,
  signInError: null,
  tfaVerifyError: null,
  profileUpdateError: null,
};

/** Any thrown value as a `RawApiError`: an API error keeps its envelope and status. */
function toRawApiError(error: unknown): RawApiError {
  const source = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const raw: RawApiError = {
    errorCode: typeof source.errorCode === 'string' ? source.errorCode : '',
    error: typeof source.error === 'string' ? source.error : errorMessageFor(error),
    params: Array.isArray(source.params) ? source.params : [],
  };
  if (typeof source.status === 'number') raw.status = source.status;
  return raw;
}

/** What the user's thunks and selectors read. */
export interface UserRoot {
  user: UserState;
}

const createUserThunk = thunkCreatorFor<UserRoot, RawApiError>();

export interface FetchCurrentUserOptions {
  /** Skip when the user is already known or a fetch is in flight (start-up, pages needing a user). */
  onlyIfUnknown?: boolean;
}

/** `GET /auth/me`. When asked again before an answer, the latest ask's answer wins. */
export const fetchCurrentUser = createUserThunk(
  'user/fetchCurrent',
  async (_options: FetchCurrentUserOptions | undefined, { extra, rejectWithValue }) => {
    try {
      return await extra.api.get('/auth/me');
    } catch (error) {
      return rejectWithValue(toRawApiError(error));
    }
  },
  {
    condition: (options, { getState }) => {
      const { profileFetched, fetching } = getState().user;
      return !(options?.onlyIfUnknown && (profileFetched || fetching));
    },
  },
);

export interface SignInInput {
  email: string;
  password: string;
  rememberme: boolean;
}

/** `POST /auth/login`, then the current user. */
export const signIn = createUserThunk('user/signIn', async (input: SignInInput, { extra, dispatch, rejectWithValue }) => {
  let state: SessionState;
  try {
    state = await extra.api.post('/auth/login', { body: input });
  } catch (error) {
    return rejectWithValue(toRawApiError(error));
  }
  await dispatch(fetchCurrentUser());
  return state;
});

/**
 * `POST /tfa/verify {token}` (an authenticator code or a recovery code), then the current user;
 * answers how many recovery codes remain when a recovery code was used.
 */
export const verifyTfa = createUserThunk('user/verifyTfa', async (token: string, { extra, dispatch, rejectWithValue }) => {
  let recoveryCodesLeft: number | undefined;
  try {
    ({ recoveryCodesLeft } = await extra.api.post('/tfa/verify', { body: { token } }));
  } catch (error) {
    return rejectWithValue(toRawApiError(error));
  }
  await dispatch(fetchCurrentUser());
  return { recoveryCodesLeft };
});

/**
 * `POST /user/profile` -> `{user}`. The slot keeps the text; `unwrap()` gives the form the raw
 * error (a 400's `params` names the fields).
 */
export const updateProfile = createUserThunk('user/updateProfile', async (fields: ProfileUpdateInput, { extra, rejectWithValue }) => {
  try {
    return (await extra.api.post('/user/profile', { body: fields })).user;
  } catch (error) {
    return rejectWithValue(toRawApiError(error));
  }
});

/** The whole user state goes back to its start (sign-out). */
export const signedOut = createAction('user/signedOut');
/** The session could not be refreshed: signed out here, and known to be. */
export const sessionExpired = createAction('user/sessionExpired');

export interface SignOutOptions {
  /** Where to go after signing out: the router's push; rules: state.md says `/`. */
  navigate: (path: string) => void;
  /** Runs after the navigation (rules: state.md "then runs a follow-up action"). */
  followUp?: () => unknown;
}

/** `DELETE /auth/logout`; on success resets the user state, goes to `/` and runs the follow-up. */
export const signOut = createUserThunk(
  'user/signOut',
  async ({ navigate, followUp }: SignOutOptions, { extra, dispatch, rejectWithValue }) => {
    try {
      await extra.api.delete('/auth/logout');
    } catch (error) {
      // rules: errors.md: a failed sign-out is only logged; the user stays signed in.
      console.error('Sign-out failed:', errorMessageFor(error));
      return rejectWithValue(toRawApiError(error));
    }
    dispatch(signedOut());
    navigate('/');
    await followUp?.();
  },
);

function applySession(state: UserState, session: SessionState): void {
  state.profile = session.profile;
  state.signedIn = session.signedIn;
  state.tfaPassed = session.tfaPassed;
  state.tfaEnabled = session.tfaEnabled;
  state.tfaSetupSkipped = session.tfaSetupSkipped;
}

export const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {
    /** Sets what is known of the session without a fetch (kept for tests of other slices). */
    sessionChanged(state, action: PayloadAction<{ signedIn: boolean; tfaPassed?: boolean }>) {
      state.signedIn = action.payload.signedIn;
      state.tfaPassed = action.payload.tfaPassed ?? false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCurrentUser.pending, (state, action) => {
        state.fetching = true;
        state.fetchRequestId = action.meta.requestId;
      })
      .addCase(fetchCurrentUser.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.fetchRequestId) return;
        applySession(state, action.payload);
        state.profileFetched = true;
        state.fetching = false;
        state.fetchError = null;
      })
      .addCase(fetchCurrentUser.rejected, (state, action) => {
        if (action.meta.requestId !== state.fetchRequestId) return;
        if (action.payload?.status === 401) {
          // The session is over (the client's refresh failed too): signed out, not an error to show.
          return { ...initialUserState, profileFetched: true };
        }
        state.fetching = false;
        state.fetchError = action.payload ? errorMessageFor(action.payload) : (action.error.message ?? 'Unknown error');
      })
      .addCase(signIn.pending, (state) => {
        state.signInError = null;
      })
      .addCase(signIn.fulfilled, (state, action) => {
        // rules: state.md: sign-in sets signedIn (the fetch of the current user that follows fills the rest).
        applySession(state, action.payload);
        state.signInError = null;
      })
      .addCase(signIn.rejected, (state, action) => {
        state.signInError = action.payload ?? toRawApiError(action.error);
      })
      .addCase(verifyTfa.pending, (state) => {
        state.tfaVerifyError = null;
      })
      .addCase(verifyTfa.fulfilled, (state) => {
        state.tfaPassed = true;
      })
      .addCase(verifyTfa.rejected, (state, action) => {
        state.tfaVerifyError = action.payload ?? toRawApiError(action.error);
      })
      .addCase(updateProfile.pending, (state) => {
        state.profileUpdateError = null;
      })
      .addCase(updateProfile.fulfilled, (state, action) => {
        state.profile = action.payload;
      })
      .addCase(updateProfile.rejected, (state, action) => {
        state.profileUpdateError = errorMessageFor(action.payload ?? action.error);
      })
      .addCase(signedOut, () => initialUserState)
      .addCase(sessionExpired, () => ({ ...initialUserState, profileFetched: true }));
  },
});

export const { sessionChanged } = userSlice.actions;
/** Signed in but the second factor is still owed in this session. */
export const selectTfaOwed = (state: UserRoot) => owesSecondFactor(state.user);
