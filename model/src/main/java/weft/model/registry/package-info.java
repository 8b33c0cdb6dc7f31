/**
 * {@link weft.model.registry.Registry}: the tables by name of routing engines, rate allocators, topology families and
 * reproductions share one lookup, one registration order and one error for an unknown name.
 */
package weft.model.registry;
