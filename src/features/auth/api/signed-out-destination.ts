let leaveTo: string | undefined;

/** Where the dashboards' guard sends a person whose session just ended: /login (spec §2) unless the sign-out said otherwise. */
export const signedOutDestination = () => leaveTo;

export const setSignedOutDestination = (to: string | undefined) => {
  leaveTo = to;
};

/** A new session starts: its end goes to /login again unless its own sign-out says otherwise. */
export const resetSignedOutDestination = () => setSignedOutDestination(undefined);
