# Convenience targets; the scripts do the work (they also run on a machine without make).
.PHONY: demo test build bench fuzz clean
demo:
	bash scripts/demo.sh
test:
	bash scripts/test.sh
build:
	bash scripts/build.sh
bench: build
	build/bench_score
fuzz:
	bash fuzz/run.sh 300
clean:
	rm -rf build build-fuzz
