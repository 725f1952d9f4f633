"""The generator behind tools/make-eval-clips: short synthetic recordings with per-frame ground truth for
`iris eval`. Modules: geometry (homographies, the pinhole camera), facebox (the dlib-style face-box rule and
its fit), material (the source photos and the cards, prints and textures drawn from them), scene (rendering a
frame and its truth), output (yuv420, encoders, the truth JSON) and clips (the clip definitions)."""
