/**
 * The reproductions' files and text: {@code weft-repro/1} JSON ({@link weft.model.repro.io.ReproJson}) and the
 * printed report, listing and README table ({@link weft.model.repro.io.ReproText}). Contract in docs/reproductions.md.
 */
package weft.model.repro.io;
