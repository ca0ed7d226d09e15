print("loaderlab")
