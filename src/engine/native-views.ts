import type { ComponentType, LazyExoticComponent } from 'react';
import { createRegistry } from './registry';

export type NativeView = LazyExoticComponent<ComponentType> | ComponentType;

/** Hand-written views, by vue_path; a native view wins over any screen schema for its path. */
export const nativeViews = createRegistry<NativeView>('native view');
