// A form's request flow goes back to idle when its page is left, so that an old error or success is not shown again.
import type { UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';

export function useResetOnLeave(reset: () => UnknownAction): void {
  const dispatch = useAppDispatch();
  useEffect(
    () => () => {
      dispatch(reset());
    },
    [dispatch, reset],
  );
}
