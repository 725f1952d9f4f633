print("iris")
